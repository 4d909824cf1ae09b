// The payout export's title, its own module: the island's opener needs it on the first load
// and the form (loaded with the dialog) as its heading, and neither should bring the other.
export const TITLE = 'Download payout requests';
