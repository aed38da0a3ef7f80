import { parkingFeesReport } from './fees.ts';

/** Report 4: parking fees by worker — amounts per day, totals, receipts and the entries without a photo. */
export const parkingFeesByEmployeeReport = parkingFeesReport({
  by: 'employee',
  type: 'parking-fees-by-employee',
  fileStem: { fr: 'stationnement-par-travailleur', en: 'parking-fees-by-employee' },
  title: { fr: 'Frais de stationnement par travailleur', en: 'Parking fees by worker' },
});
