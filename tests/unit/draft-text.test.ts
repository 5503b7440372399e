import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DraftText } from '../../src/client/features/drafts/draft-text';

const render = (text: string) => renderToStaticMarkup(createElement(DraftText, { text }));

describe('a draft’s text', () => {
  it('shows paragraphs, lists, headings and bold from the little Markdown drafts use', () => {
    expect(render('Første afsnit.\n\n- et **vigtigt** punkt\n- et andet\n\n1. trin\n2. trin\n\n## Marked')).toBe(
      '<p class="my-2 whitespace-pre-line">Første afsnit.</p>' +
        '<ul class="my-2 list-disc ps-5"><li>et <strong>vigtigt</strong> punkt</li><li>et andet</li></ul>' +
        '<ol class="my-2 list-decimal ps-5"><li>trin</li><li>trin</li></ol>' +
        '<p class="mt-3 font-semibold">Marked</p>',
    );
  });

  it('keeps markup in the text as text', () => {
    const html = render('<script>alert(1)</script> og <img src=x onerror=alert(2)> og **<b>fed</b>**');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    // '<' is escaped wherever it stands in text ('>' need not be).
    expect(html).toMatch(/&lt;script(&gt;|>)alert\(1\)&lt;\/script(&gt;|>)/);
    expect(html).toMatch(/<strong>&lt;b(&gt;|>)fed&lt;\/b(&gt;|>)<\/strong>/);
  });
});
