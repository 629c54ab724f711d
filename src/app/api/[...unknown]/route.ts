import { unknownApiRouteResponse } from "@/lib/api";

// An unknown API URL answers JSON like every API error, not the HTML 404 page.
const notFound = async () => unknownApiRouteResponse();

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
