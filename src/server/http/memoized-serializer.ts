// Response serialization (zod-checked JSON) remembered per answer object: a read served from a read cache
// (src/server/cache) is the same object on every request, so it is checked and stringified once, not per request.
// Answers are never changed after they are returned; fresh objects are simply serialized (and forgotten with them).
import { serializerCompiler } from "fastify-type-provider-zod";

export const memoizedSerializerCompiler: typeof serializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const serialized = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== "object" || data === null) return serialize(data);
    let json = serialized.get(data);
    if (json === undefined) {
      json = serialize(data);
      serialized.set(data, json);
    }
    return json;
  };
};
