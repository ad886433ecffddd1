// Addresses staff publish (catalogue pictures, campaign links): only this site or https. A path
// must not start with "//" or "/\": browsers read both as another host ("protocol-relative").

/** A same-site path: "/" then anything but a second "/" or "\". */
export const isSitePath = (url: string) => /^\/(?![/\\])/.test(url);

/** A same-site path or an https address. */
export const isSiteOrHttps = (url: string) => isSitePath(url) || /^https:\/\/[^\s/\\]/i.test(url);

/** The refusal for an address that is neither. */
export const siteOrHttpsMessage = (label: string) => `[${label}]应为 / 开头的站内路径或 https 地址`;
