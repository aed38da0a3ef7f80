import { parkingFeesReport } from './fees.ts';

/** Report 3: parking fees by site — amounts per day, totals, receipts and the entries without a photo. */
export const parkingFeesBySiteReport = parkingFeesReport({
  by: 'site',
  type: 'parking-fees-by-site',
  fileStem: { fr: 'stationnement-par-chantier', en: 'parking-fees-by-site' },
  title: { fr: 'Frais de stationnement par chantier', en: 'Parking fees by site' },
});
