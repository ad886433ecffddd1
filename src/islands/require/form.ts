// The /require form: plain DOM (no React), validated with the schema the API uses, so the
// first error reads the same here and there; failures from the server arrive as error toasts.
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { IndexMsgSchema } from '../../lib/shared/require/require.ts';
import { catalogueApi } from '../../lib/shared/catalogue/api.ts';

const SUCCESS_MESSAGE = '提交成功!';

export function mountRequireForm(form: HTMLFormElement): void {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = IndexMsgSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      toast.error(issue.message);
      form.querySelector<HTMLElement>(`[name="${String(issue.path[0])}"]`)?.focus();
      return;
    }
    if (submit) submit.disabled = true;
    try {
      const data = await api.call(catalogueApi.indexMsg, parsed.data);
      if (data !== undefined) {
        toast.success(SUCCESS_MESSAGE);
        form.reset();
      }
    } finally {
      if (submit) submit.disabled = false;
    }
  });
}
