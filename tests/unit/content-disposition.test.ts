/** The file routes' `Content-Disposition` (docs/decisions/0055): made by the server, read by the client. */
import { describe, expect, it } from 'vitest';
import { asciiFileName, contentDisposition, fileNameOfDisposition } from '../../src/shared/content-disposition';

describe('content disposition', () => {
  it('names a plain ASCII file with `filename` alone', () => {
    expect(contentDisposition('grantwork-my-data-2026-11-29.zip')).toBe('attachment; filename="grantwork-my-data-2026-11-29.zip"');
    expect(contentDisposition('feed.ics', 'inline')).toBe('inline; filename="feed.ics"');
  });

  it('names any other with `filename*` in UTF-8 and an ASCII spelling beside it', () => {
    expect(contentDisposition('Halv-strøm-pumpen.docx')).toBe(`attachment; filename="Halv-stroem-pumpen.docx"; filename*=UTF-8''Halv-str%C3%B8m-pumpen.docx`);
    expect(contentDisposition('Grantwork – frister.ics', 'inline')).toBe(`inline; filename="Grantwork-frister.ics"; filename*=UTF-8''Grantwork%20%E2%80%93%20frister.ics`);
    // The characters RFC 8187 does not allow bare are escaped; one a file name cannot hold becomes a dash.
    expect(contentDisposition("Kim's (ny) plan*.docx")).toBe(`attachment; filename="Kim-s-ny-plan-.docx"; filename*=UTF-8''Kim%27s%20%28ny%29%20plan-.docx`);
  });

  it('never lets a name end the header, name a folder or hide its extension', () => {
    const header = contentDisposition('a"b\\c/d\r\ne.docx');
    expect(header).not.toMatch(/[\r\n]/);
    expect(fileNameOfDisposition(header)).toBe('a-b-c-d-e.docx');
    expect(asciiFileName('Ærø Åbæk.xlsx')).toBe('Aeroe-Aabaek.xlsx');
    expect(asciiFileName('Crème brûlée.docx')).toBe('Creme-brulee.docx');
    expect(asciiFileName('Заявка.docx')).toBe('file.docx');
    expect(asciiFileName('')).toBe('file');
  });

  it('is read back as it was written, `filename*` first', () => {
    for (const name of ['Halv-strøm-pumpen.docx', 'Søknad (2027).xlsx', 'grantwork-company-2026-01-02.zip', 'Заявка.docx']) {
      expect(fileNameOfDisposition(contentDisposition(name))).toBe(name);
    }
    expect(fileNameOfDisposition('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(fileNameOfDisposition(`attachment; filename="ascii.docx"; filename*=UTF-8''%E0%A4%A`)).toBe('ascii.docx');
    expect(fileNameOfDisposition('attachment')).toBeNull();
    expect(fileNameOfDisposition(null)).toBeNull();
  });
});
