import { Get, HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type * as pkijs from 'pkijs';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { Consumes } from '../common/http/consumes.decorator';
import { ApiFailure, ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import type { RevocationPointers } from './certificate-issuer';
import type { RevocationResponder } from './revocation-responder';

const binary = { type: 'string', format: 'binary' } as const;
/** DER is binary: the example says what the bytes are. */
const DER_EXAMPLE = '<DER bytes>';
const PUBLISHED = 'public, max-age=300';

/**
 * Where a CA idflow holds the key of publishes, under `.well-known/` of BASE_URL (the routes below are relative to a
 * `.well-known` controller): its certificate in DER, its CRL and its OCSP responder. Written into the certificates it
 * issues, so they never move.
 */
export function caPaths(name: string) {
  return { certificate: `${name}.cer`, crl: `${name}.crl`, ocsp: `${name}/ocsp` } as const;
}

/** The addresses a certificate issued by the CA `name` carries (AIA OCSP and caIssuers, CRL distribution point). */
export function revocationPointers(baseUrl: string, name: string): RevocationPointers {
  const paths = caPaths(name);
  return {
    ocspUrl: `${baseUrl}/.well-known/${paths.ocsp}`,
    caIssuersUrl: `${baseUrl}/.well-known/${paths.certificate}`,
    crlUrl: `${baseUrl}/.well-known/${paths.crl}`,
  };
}

/** What a CA's routes say in the OpenAPI document: whose CA, and the 404 when it publishes nothing, if it may. */
export interface CaDescription {
  /** The CA, as a summary names it: "The sandbox seal CA". */
  ca: string;
  /** Where its certificates point at these routes: "The seal certificate's". */
  pointedAtBy: string;
  /** The refusal when the CA publishes no revocation data; absent when it always does. */
  unavailable?: string;
}

function unavailable(description: CaDescription) {
  return description.unavailable
    ? [ApiFailure(404, `${description.ca} publishes no revocation data`, description.unavailable)]
    : [];
}

function derAnswer(type: string, description: string) {
  return [
    ApiProduces(type),
    ApiRateLimited(),
    ApiOkResponse({ description, content: { [type]: { schema: binary, example: DER_EXAMPLE } } }),
  ];
}

/** `GET .well-known/<name>.cer`: the CA's certificate in DER, where caIssuers points. */
export function CaCertificateRoute(name: string, description: CaDescription) {
  return applyDecorators(
    Get(caPaths(name).certificate),
    Public(),
    RawResponse(),
    ApiOperation({
      summary: `${description.ca}'s certificate in DER, where ${description.pointedAtBy} AIA caIssuers points`,
      description: `The same certificate as \`${name}.pem\`, in the form RFC 5280 4.2.2.1 asks of caIssuers.`,
    }),
    ...derAnswer('application/pkix-cert', 'One DER certificate'),
  );
}

/** `GET .well-known/<name>.crl`: the CA's current CRL. */
export function CaCrlRoute(name: string, description: CaDescription) {
  return applyDecorators(
    Get(caPaths(name).crl),
    Public(),
    RawResponse(),
    ApiOperation({
      summary: `${description.ca}'s certificate revocation list (RFC 5280), DER`,
      description: `${description.pointedAtBy} CRL distribution point.${
        description.unavailable ? ' 404 when the CA publishes no revocation data.' : ''
      }`,
    }),
    ...unavailable(description),
    ...derAnswer('application/pkix-crl', 'A DER CRL signed by the CA'),
  );
}

/**
 * `POST .well-known/<name>/ocsp`: the CA's OCSP responder. The module applies OcspRequestMiddleware to the path, so
 * the body arrives as bytes.
 */
export function CaOcspPostRoute(name: string, description: CaDescription) {
  return applyDecorators(
    Post(caPaths(name).ocsp),
    Public(),
    RawResponse(),
    HttpCode(200),
    ApiOperation({
      summary: `${description.ca}'s OCSP responder (RFC 6960), by POST`,
      description:
        `${description.pointedAtBy} AIA OCSP address. Send a DER OCSPRequest as \`application/ocsp-request\`; the ` +
        'answer, signed by the CA, says `good`, `revoked` (since when) or `unknown` for each certificate asked about ' +
        `(a body that is not a request gets the \`malformedRequest\` status).${
          description.unavailable ? ' 404 when the CA publishes no revocation data.' : ''
        }`,
    }),
    Consumes('application/ocsp-request'),
    ...unavailable(description),
    ...derAnswer('application/ocsp-response', 'A DER OCSPResponse'),
  );
}

/** `GET .well-known/<name>/ocsp/:request`: the same responder, the request in the path (RFC 6960 A.1). */
export function CaOcspGetRoute(name: string, description: CaDescription) {
  return applyDecorators(
    Get(`${caPaths(name).ocsp}/:request`),
    Public(),
    RawResponse(),
    ApiOperation({
      summary: `${description.ca}'s OCSP responder (RFC 6960), by GET`,
      description: 'The DER OCSPRequest base64-encoded then URL-encoded into the path (RFC 6960 A.1).',
    }),
    ...unavailable(description),
    ...derAnswer('application/ocsp-response', 'A DER OCSPResponse'),
  );
}

/** DER as it is: the exact media type, which OCSP clients compare whole, and no charset. */
function sendDer(response: Response, type: string, der: Buffer, cacheControl: string): void {
  response
    .status(200)
    .setHeader('content-type', type)
    .setHeader('cache-control', cacheControl)
    .setHeader('content-length', String(der.length))
    .end(der);
}

/** The answers of the routes above, the same for every CA idflow publishes. */
export const caAnswers = {
  certificate(response: Response, certificate: pkijs.Certificate): void {
    sendDer(response, 'application/pkix-cert', Buffer.from(certificate.toSchema(true).toBER(false)), PUBLISHED);
  },

  async crl(response: Response, responder: RevocationResponder): Promise<void> {
    sendDer(response, 'application/pkix-crl', await responder.crl(), PUBLISHED);
  },

  /** An answer is never cached: a revocation is to be seen at once. */
  async ocspPost(request: Request, response: Response, responder: RevocationResponder): Promise<void> {
    const body: unknown = request.body;
    const answer = await responder.ocsp(Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    sendDer(response, 'application/ocsp-response', answer, 'no-store');
  },

  async ocspGet(encoded: string, response: Response, responder: RevocationResponder): Promise<void> {
    sendDer(response, 'application/ocsp-response', await responder.ocsp(Buffer.from(encoded, 'base64')), 'no-store');
  },
};
