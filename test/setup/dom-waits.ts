// The component tests wait for the engine (run in process), timers and a local fake LLM server. On a
// shared 2-core machine a wait that takes 0.2 s when quiet can pass the library's default of 1 s, so
// the tests wait up to 5 s: what they assert is unchanged, only how long they are patient.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
