// The date of birth's three inputs and the one value they stand for, apart from the field
// checks (payoutFields) so the wizard's first load can split a saved date without them.

/**
 * composeDate joins the three date of birth inputs into YYYY-MM-DD only
 * when the year has 4 digits and day and month 2 each (spec 001 §5); a
 * partial date is kept as DD/MM/YYYY so it is refused as incomplete, not
 * missing.
 */
export function composeDate(dd: string, mm: string, yyyy: string): string {
  [dd, mm, yyyy] = [dd.trim(), mm.trim(), yyyy.trim()];
  if (/^\d{2}$/.test(dd) && /^\d{2}$/.test(mm) && /^\d{4}$/.test(yyyy)) return yyyy + '-' + mm + '-' + dd;
  return dd || mm || yyyy ? dd + '/' + mm + '/' + yyyy : '';
}

/** splitDate is composeDate's inverse: [dd, mm, yyyy]. */
export function splitDate(s: string): [string, string, string] {
  let m = /^(\d*)-(\d*)-(\d*)$/.exec(s);
  if (m) return [m[3], m[2], m[1]];
  m = /^([^/]*)\/([^/]*)\/(.*)$/.exec(s);
  return m ? [m[1], m[2], m[3]] : ['', '', ''];
}
