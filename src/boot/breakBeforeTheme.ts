// A task break before the MUI theme is made: MUI's styling core is evaluated, the theme is not (src/boot/nextTask.ts).
import { nextTask } from './nextTask';

await nextTask();
