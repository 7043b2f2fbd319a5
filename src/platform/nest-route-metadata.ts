import type { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { Reflector } from '@nestjs/core';

/**
 * The paths and method a Nest route decorator recorded on a controller class or handler. Nest has no public list of
 * an app's routes: its router reads these metadata keys, exported only from `@nestjs/common/constants`, and so does the
 * route table (common/routing) that answers 405 with `Allow`. The keys have had these names since Nest 4; an upgrade
 * that renames them fails the unsupported-requests suite's 405 cases.
 */
export interface RouteMetadata {
  paths: string[];
  method: RequestMethod | undefined;
}

/** A path of `@Controller` or of a route decorator: one string, a list, or none. */
const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A controller class, or one of its handlers. */
type DecoratedTarget = Parameters<Reflector['get']>[1];

export function routeMetadataOf(reflector: Reflector, target: DecoratedTarget): RouteMetadata {
  return {
    paths: asList(reflector.get<string | string[] | undefined>(PATH_METADATA, target)),
    method: reflector.get<RequestMethod | undefined>(METHOD_METADATA, target),
  };
}
