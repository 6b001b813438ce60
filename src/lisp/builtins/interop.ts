// The bounded Java interop of PTC-Lisp, as the reference admits it: the java.lang number members
// and Math, the java.time and java.util.Date members, and the java.lang.String methods. Nothing
// else of Java is reachable: other members are refused with what to write instead
// (java-surface.ts). The reference lists them in this order.
import './interop-numbers.ts';
import './interop-time.ts';
import './java-strings.ts';
