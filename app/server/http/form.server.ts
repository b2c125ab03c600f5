// Reading a form body in actions: a request that is not a form (JSON, plain text, no Content-Type, a broken
// body) is answered with a 400 and a message instead of throwing out of the action as a 500.

export const INVALID_FORM_MESSAGE = "Invalid form submission.";

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw Response.json({ error: INVALID_FORM_MESSAGE }, { status: 400 });
  }
}
