import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { SETTINGS_CONFIG_MAP, STORAGE_CONFIG_MAP, labels } from './names';
import { SHARED_SETTINGS, STORAGE_SETTINGS } from './settings';

const configMap = (name: string, data: Record<string, string | undefined>): IConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, labels: labels('server') },
  data: data as Record<string, string>,
});

/** The settings both shapes share; an operator sets BASE_URL here, and any other setting they change. */
export const settingsConfigMap = () => configMap(SETTINGS_CONFIG_MAP, SHARED_SETTINGS);

/** Scaled out: the shared file store and the release-step migrations. */
export const storageConfigMap = () => configMap(STORAGE_CONFIG_MAP, STORAGE_SETTINGS.scaled);
