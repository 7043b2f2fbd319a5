/** The variable naming a temporary runtime stage the global setup made, for the teardown to remove. */
export const REPLAYED_HERE = 'ARTIFACT_DIR_TEMPORARY';
