import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import type { ValidationData } from './validation-data';

type DssKey = 'Certs' | 'OCSPs' | 'CRLs';
const VRI_KEYS: Record<DssKey, string> = { Certs: 'Cert', OCSPs: 'OCSP', CRLs: 'CRL' };

/**
 * Adds or extends the Document Security Store (ETSI EN 319 142-1 5.4, PAdES B-LT) of a sealed PDF as an incremental
 * update: the catalog gains `/DSS` with `/Certs`, `/OCSPs` and `/CRLs`, arrays of streams each holding one DER object.
 * What an earlier DSS holds is kept and nothing is stored twice. With `signatureContents` (the decoded /Contents of
 * one signature, padding included), a `/VRI` entry names which of those objects validate that signature. The bytes
 * before the update stay as they are, so every signature in them stays valid.
 */
export async function appendDss(sealed: Uint8Array, data: ValidationData, signatureContents?: Buffer): Promise<Buffer> {
  const document = await PDFDocument.load(sealed, { forIncrementalUpdate: true, updateMetadata: false });
  const { context } = document;
  const earlier = document.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const entries = (key: DssKey, items: Buffer[]) => {
    const kept = earlierEntries(document, earlier, key);
    const used: PDFRef[] = [];
    for (const item of items) {
      const known = kept.find((entry) => entry.der.equals(item));
      const ref = known?.ref ?? context.register(context.flateStream(item));
      if (!known) kept.push({ ref, der: item });
      used.push(ref);
    }
    return { all: kept.map((entry) => entry.ref), used };
  };
  const certs = entries('Certs', data.certs);
  const ocsps = entries('OCSPs', data.ocsps);
  const crls = entries('CRLs', data.crls);
  const vri = earlier?.lookupMaybe(PDFName.of('VRI'), PDFDict)?.clone(context) ?? context.obj({});
  if (signatureContents) {
    const used = { Certs: certs.used, OCSPs: ocsps.used, CRLs: crls.used };
    const entry = context.obj({ Type: 'VRI' });
    for (const key of Object.keys(used) as DssKey[]) {
      if (used[key].length > 0) entry.set(PDFName.of(VRI_KEYS[key]), context.obj(used[key]));
    }
    vri.set(PDFName.of(vriKey(signatureContents)), entry);
  }
  const dss = context.register(
    context.obj({
      Type: 'DSS',
      Certs: certs.all,
      ...(ocsps.all.length > 0 ? { OCSPs: ocsps.all } : {}),
      ...(crls.all.length > 0 ? { CRLs: crls.all } : {}),
      ...(vri.keys().length > 0 ? { VRI: vri } : {}),
    }),
  );
  document.catalog.set(PDFName.of('DSS'), dss);
  context.snapshot?.markRefsForSave([context.trailerInfo.Root as PDFRef]);
  return Buffer.from(await document.commit({ useObjectStreams: false }));
}

/** ETSI EN 319 142-1 5.4.2.2: a VRI entry is named by the uppercase hex SHA-1 of the signature's /Contents. */
function vriKey(signatureContents: Buffer): string {
  return createHash('sha1').update(signatureContents).digest('hex').toUpperCase();
}

function earlierEntries(
  document: PDFDocument,
  dss: PDFDict | undefined,
  key: DssKey,
): Array<{ ref: PDFRef; der: Buffer }> {
  const array = dss?.lookupMaybe(PDFName.of(key), PDFArray);
  return (array?.asArray() ?? []).flatMap((ref) => {
    const stream = document.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) return [];
    return [{ ref: ref as PDFRef, der: Buffer.from(decodePDFRawStream(stream).decode()) }];
  });
}
