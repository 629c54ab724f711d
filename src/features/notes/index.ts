export { NotesBoard } from "./components/notes-board";
export { noteInputSchema, type NoteInput, type NoteView } from "./schemas";
