import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';

export const JSON_MEDIA_TYPE = 'application/json';

/** Route metadata: the media types a route reads its body in; `application/json` alone when a route says nothing. */
export const CONSUMES_METADATA = 'idflow:consumes';

/**
 * The body types a route reads, for BodyTypeGuard (a body of another type is refused with 415) and for the OpenAPI
 * document alike, so the two never disagree.
 */
export const Consumes = (...mediaTypes: [string, ...string[]]) =>
  applyDecorators(SetMetadata(CONSUMES_METADATA, mediaTypes), ApiConsumes(...mediaTypes));
