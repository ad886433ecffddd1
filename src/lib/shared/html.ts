// Staff-written HTML (catalogue items' sketch and content, abilities' content) shown on public
// pages: cleaned to an allow-list when it is saved and again when it is rendered, so neither an
// editor's mistake nor a stolen editor session can put a redirect (`meta`), an overlay (`style`),
// a form, a frame or a script on every item page. Server-side only in practice (pages and the
// catalogue's editing); it does no I/O, so it lives beside the other shared rules.
import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { isSiteOrHttps, isSitePath } from './links.ts';

/** Where an <a> may lead: a same-site path, http(s), mail or phone; anything else loses its href. */
const linkTarget = (href: string) =>
  isSitePath(href) || /^(https?:\/\/[^\s/\\]|mailto:|tel:)/i.test(href) ? href : null;

const OPTIONS: IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'small',
    'mark',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Whatever the source says, a link's rel and target are ours: off-site links open apart from the page.
  transformTags: {
    a: (tagName, attribs) => {
      const href = linkTarget((attribs.href ?? '').trim());
      // A link whose address is refused is left as its text, not as a link that goes nowhere.
      if (!href) return { tagName: 'span', attribs: {} };
      const offSite = /^https?:/i.test(href);
      return {
        tagName,
        attribs: {
          href,
          ...(attribs.title ? { title: attribs.title } : {}),
          ...(offSite ? { rel: 'noopener noreferrer', target: '_blank' } : {}),
        },
      };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src && isSiteOrHttps(src.trim()) ? { ...rest, src: src.trim() } : rest };
    },
  },
};

/** Staff-written HTML reduced to the allow-list above. */
export const safeHtml = (html: string): string => (html ? sanitizeHtml(html, OPTIONS) : '');
