/** The one API key the pipeline-Nest app accepts, which its scenarios send. */
export const PIPELINE_API_KEY = 'pipeline-bench-key-0123456789';
