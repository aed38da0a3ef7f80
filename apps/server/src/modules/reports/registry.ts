import type { ReportDefinition } from './definition.ts';
import { ccqRegisterReport } from './hours/ccq-register.ts';
import { employeesHoursReport } from './hours/employees-hours.ts';
import { payrollReport } from './hours/payroll.ts';
import { timesheetsSummaryReport } from './hours/timesheets-summary.ts';
import { sitesListReport } from './orders/sites-list.ts';
import { sitesOrdersSummaryReport } from './orders/sites-orders-summary.ts';
import { supervisorsOrdersSummaryReport } from './orders/supervisors-orders-summary.ts';
import { parkingFeesByEmployeeReport } from './parking/parking-fees-by-employee.ts';
import { parkingFeesBySiteReport } from './parking/parking-fees-by-site.ts';
import { parkingPhotosReport } from './parking/parking-photos.ts';
import { parkingPhotosZipReport } from './parking/parking-photos-zip.ts';

/**
 * Every report, in the order of the reports screen (issue 28, "How"): the route and the list read
 * only this. A new report is one file exporting a `ReportDefinition`, and its line here.
 */
export const reportDefinitions: readonly ReportDefinition[] = [
  employeesHoursReport, // 1. employees-hours
  parkingPhotosReport, // 2. parking-photos
  parkingFeesBySiteReport, // 3. parking-fees-by-site
  parkingFeesByEmployeeReport, // 4. parking-fees-by-employee
  timesheetsSummaryReport, // 5. timesheets-summary
  parkingPhotosZipReport, // 6. parking-photos-zip
  sitesOrdersSummaryReport, // 7. sites-orders-summary
  supervisorsOrdersSummaryReport, // 8. supervisors-orders-summary
  sitesListReport, // 9. sites-list
  ccqRegisterReport, // 10. ccq-register
  payrollReport, // 11. payroll
];

const byType = new Map(reportDefinitions.map((definition) => [definition.type, definition]));

export function findReport(type: string): ReportDefinition | undefined {
  return byType.get(type);
}
