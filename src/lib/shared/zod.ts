// The one place zod is imported from: every schema module (shared, server and browser) imports
// `z` here, so every validation message is Chinese, even for failures a schema names no message
// for (a wrong type, an array where an object belongs, an unknown option). Messages a schema
// states itself ('[手机号]格式不正确') take precedence over this map.
import { z } from 'zod';

const zhCN = z.locales.zhCN().localeError;

/** The field a message is about, as the client sent it: `rid`, `list[2].num`. */
function fieldOf(path: readonly PropertyKey[] | undefined): string {
  if (!path?.length) return '';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

z.config({
  // In the browser, no compiled parsers: zod's probe for them (new Function) would be reported
  // as a violation of the page's Content-Security-Policy, which allows no eval.
  jitless: typeof document !== 'undefined',
  localeError: (issue) => {
    const field = fieldOf(issue.path);
    const label = field ? `[${field}]` : '请求参数';
    switch (issue.code) {
      case 'invalid_type':
      case 'invalid_format':
        return `${label}格式不正确`;
      case 'invalid_value':
      case 'invalid_union':
        return `${label}的取值不正确`;
      case 'unrecognized_keys':
        return '请求参数包含无法识别的字段';
      case 'too_big': {
        const max = String(issue.maximum);
        if (issue.origin === 'string') return `${label}不能超过${max}个字`;
        if (issue.origin === 'array' || issue.origin === 'set') return `${label}最多${max}项`;
        return `${label}不能大于${max}`;
      }
      case 'too_small': {
        const min = String(issue.minimum);
        if (issue.origin === 'string') return min === '1' ? `${label}不能为空` : `${label}至少${min}个字`;
        if (issue.origin === 'array' || issue.origin === 'set') return `${label}至少${min}项`;
        return `${label}不能小于${min}`;
      }
      default: {
        const message = zhCN(issue);
        const text = typeof message === 'string' ? message : message?.message;
        return `${field ? label : ''}${text ?? '请求参数有误'}`;
      }
    }
  },
});

export { z };
