// The operator's 1099-NEC export: GET /api/admin/tax/1099-nec?year=… (a CSV, TINs masked), saved as the file the
// server names.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { export1099Machine } from '@/machines/operator/export1099.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { saveBlob } from '../money/saveFile';
import { asOperator, type Jwt } from './asOperator';

export type Export1099Logic = typeof export1099Machine;

export function export1099Actors(jwt: Jwt) {
  return {
    download1099: fromPromise<void, { year: number }>(({ input }) =>
      asOperator(async () => {
        const { blob, fileName } = await (
          await api()
        ).download('export1099', { jwt: requireJwt(jwt()), query: { year: String(input.year) } });
        saveBlob(blob, fileName ?? `castbridge-1099-nec-${input.year}-masked.csv`);
      }),
    ),
  };
}

export function useExport1099Logic(logic?: Export1099Logic): Export1099Logic {
  const app = useAppWiring();
  return useMemo(() => logic ?? export1099Machine.provide({ actors: export1099Actors(app.jwt) }), [logic, app]);
}
