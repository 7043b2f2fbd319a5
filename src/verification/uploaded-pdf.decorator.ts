import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';

declare module '../common/request-context/request-context' {
  interface RequestContext {
    /** The bytes of an `application/pdf` body, set by PdfUploadMiddleware on `POST /verify`. */
    uploadedPdf?: Buffer;
  }
}

/** The uploaded PDF of the request, or undefined when the body was not `application/pdf`. */
export const UploadedPdf = createParamDecorator(
  (_: unknown, context: ExecutionContext): Buffer | undefined =>
    context.switchToHttp().getRequest<Request>().uploadedPdf,
);
