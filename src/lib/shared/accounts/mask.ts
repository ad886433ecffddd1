// No imports: the header script on every page uses it too.

/** 13812345678 → 138****5678, so a phone is never shown or logged whole. */
export const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/**
 * 王小明 → **明, 张三 → *三: enough for a payer to recognise the person they mean before an
 * irreversible transfer, without showing a stranger's full name to whoever types a number.
 */
export const maskName = (name: string) => {
  const chars = [...name.trim()];
  return chars.length <= 1 ? chars.join('') : '*'.repeat(chars.length - 1) + chars[chars.length - 1];
};

/** A person as a payer or payee is told about them: masked name and masked phone. */
export const maskedPerson = (p: { name: string; phone: string }) =>
  [maskName(p.name), maskPhone(p.phone)].filter(Boolean).join(' ');
