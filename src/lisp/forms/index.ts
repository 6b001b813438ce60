// Importing this module registers every special form with the analyzer.
import './control.ts';
import './functions.ts';
import './loops.ts';
import './threading.ts';
import './iteration.ts';
import './take-range.ts';
// The reference, which defines (doc name).
import '../reference/index.ts';
import '../reference/introspection.ts';
