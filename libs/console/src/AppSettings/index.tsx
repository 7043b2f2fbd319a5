import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { App, AppDetails, Role } from '../admin-types';
import { Refusal } from '../Refusal';
import { covers } from '../roles';
import { type AppSettingsFields, CIBA_DELIVERY_MODES, ID_TOKEN_SIGNING_ALGS, OIDC_PROFILES } from '../settings-types';
import { useAction, useLoaded } from '../use-loaded';

/** An app's OIDC and CIBA settings as `GET /admin/apps/{appId}` gives them; operators change them, others read. */
export function AppSettings({ client, role, app }: { client: AdminClient; role: Role; app: App }) {
  const details = useLoaded(() => client.get<AppDetails>(`/apps/${app.appId}`), [client, app.appId]);
  return (
    <section aria-labelledby="settings-title">
      <h4 id="settings-title">OIDC and CIBA settings of {app.name}</h4>
      <Refusal message={details.error} />
      {details.value &&
        (covers(role, 'operator') ? (
          <SettingsForm client={client} app={details.value} />
        ) : (
          <SettingsList app={details.value} />
        ))}
    </section>
  );
}

const orNone = (value: string | null) => value ?? '(none)';

function SettingsList({ app }: { app: AppDetails }) {
  return (
    <dl class="settings">
      <dt>Redirect URIs</dt>
      <dd>{app.redirectUris.join(', ') || '(none: "Log in with OIDC" is off)'}</dd>
      <dt>Public client</dt>
      <dd>{app.publicClient ? 'yes' : 'no'}</dd>
      <dt>ID token signing</dt>
      <dd>{app.idTokenSigningAlg}</dd>
      <dt>Profile</dt>
      <dd>{app.oidcProfile}</dd>
      <dt>Back-channel logout URI</dt>
      <dd>{orNone(app.backchannelLogoutUri)}</dd>
      <dt>jwks_uri</dt>
      <dd>{orNone(app.jwksUri)}</dd>
      <dt>CIBA</dt>
      <dd>{app.cibaDeliveryMode}</dd>
      <dt>CIBA notification endpoint</dt>
      <dd>{orNone(app.cibaNotificationEndpoint)}</dd>
    </dl>
  );
}

/** The form's text: a URI left empty is removed (null), as the API takes it. */
const uriOrNull = (text: string) => text.trim() || null;

function SettingsForm({ client, app }: { client: AdminClient; app: AppDetails }) {
  const [redirectUris, setRedirectUris] = useState(app.redirectUris.join('\n'));
  const [publicClient, setPublicClient] = useState(app.publicClient);
  const [idTokenSigningAlg, setAlg] = useState(app.idTokenSigningAlg);
  const [oidcProfile, setProfile] = useState(app.oidcProfile);
  const [backchannelLogoutUri, setLogoutUri] = useState(app.backchannelLogoutUri ?? '');
  const [jwksUri, setJwksUri] = useState(app.jwksUri ?? '');
  const [cibaDeliveryMode, setCiba] = useState(app.cibaDeliveryMode);
  const [cibaNotificationEndpoint, setCibaEndpoint] = useState(app.cibaNotificationEndpoint ?? '');
  const [saved, setSaved] = useState(false);
  const save = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    setSaved(false);
    const changes: AppSettingsFields = {
      redirectUris: redirectUris
        .split('\n')
        .map((uri) => uri.trim())
        .filter(Boolean),
      publicClient,
      idTokenSigningAlg,
      oidcProfile,
      backchannelLogoutUri: uriOrNull(backchannelLogoutUri),
      jwksUri: uriOrNull(jwksUri),
      cibaDeliveryMode,
      cibaNotificationEndpoint: uriOrNull(cibaNotificationEndpoint),
    };
    save.run(async () => {
      await client.patch<AppDetails>(`/apps/${app.appId}`, changes);
      setSaved(true);
    });
  };

  return (
    <form class="stacked" onSubmit={submit}>
      <fieldset>
        <legend>Log in with OIDC</legend>
        <label for="redirect-uris">Redirect URIs, one a line (none turns "Log in with OIDC" off)</label>
        <textarea
          id="redirect-uris"
          rows={3}
          value={redirectUris}
          onInput={(e) => setRedirectUris(e.currentTarget.value)}
        />
        <label class="check">
          <input type="checkbox" checked={publicClient} onChange={(e) => setPublicClient(e.currentTarget.checked)} />
          Public client (PKCE alone, no secret or key)
        </label>
        <label for="id-token-alg">ID token signing algorithm</label>
        <select id="id-token-alg" value={idTokenSigningAlg} onChange={(e) => setAlg(e.currentTarget.value as never)}>
          {ID_TOKEN_SIGNING_ALGS.map((alg) => (
            <option key={alg}>{alg}</option>
          ))}
        </select>
        <label for="oidc-profile">Profile (fapi2: the FAPI 2.0 Security Profile)</label>
        <select id="oidc-profile" value={oidcProfile} onChange={(e) => setProfile(e.currentTarget.value as never)}>
          {OIDC_PROFILES.map((profile) => (
            <option key={profile}>{profile}</option>
          ))}
        </select>
        <label for="logout-uri">Back-channel logout URI</label>
        <input
          id="logout-uri"
          inputMode="url"
          value={backchannelLogoutUri}
          onInput={(e) => setLogoutUri(e.currentTarget.value)}
        />
        <label for="jwks-uri">jwks_uri (keys for private_key_jwt, in place of the app's RSA key)</label>
        <input id="jwks-uri" inputMode="url" value={jwksUri} onInput={(e) => setJwksUri(e.currentTarget.value)} />
      </fieldset>
      <fieldset>
        <legend>CIBA (logins pushed to a person's app)</legend>
        <label for="ciba-mode">CIBA delivery</label>
        <select id="ciba-mode" value={cibaDeliveryMode} onChange={(e) => setCiba(e.currentTarget.value as never)}>
          {CIBA_DELIVERY_MODES.map((mode) => (
            <option key={mode}>{mode}</option>
          ))}
        </select>
        <label for="ciba-endpoint">CIBA notification endpoint (ping mode)</label>
        <input
          id="ciba-endpoint"
          inputMode="url"
          value={cibaNotificationEndpoint}
          onInput={(e) => setCibaEndpoint(e.currentTarget.value)}
        />
      </fieldset>
      <p>
        <button type="submit" disabled={save.busy}>
          Save settings of {app.name}
        </button>
      </p>
      <Refusal message={save.error} id="settings-refusal" />
      {saved && (
        <p role="status" id="settings-saved">
          Saved: the app logs people in with these settings from now on.
        </p>
      )}
    </form>
  );
}
