export { NotesBoard } from "./components/notes-board";
export { cleanNoteQuery, noteInputSchema, type NoteInput, type NoteView } from "./schemas";
