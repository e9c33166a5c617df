/** The one pattern of a row id (a UUID), for the server's address checks and the shared input schemas. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string) => UUID_PATTERN.test(id);
