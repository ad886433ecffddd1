// The lab's 留样 days (decision 0078), read once per page for the disposal choices' words:
// undefined until known (the words then name no number), and on failure.
import { useEffect, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { disposalApi } from '../../lib/shared/samples/disposal-api.ts';

let asked: Promise<number | undefined> | undefined;

function keepDays(): Promise<number | undefined> {
  asked ??= api
    .call(disposalApi.retention, undefined, { throws: true })
    .then((r) => r?.keep_days)
    .catch(() => {
      asked = undefined;
      return undefined;
    });
  return asked;
}

export function useKeepDays(): number | undefined {
  const [days, setDays] = useState<number>();
  useEffect(() => {
    let live = true;
    void keepDays().then((d) => live && setDays(d));
    return () => {
      live = false;
    };
  }, []);
  return days;
}
