import "server-only";

export { createNote, deleteNote, listNotes, updateNote } from "./server/notes-repository";
