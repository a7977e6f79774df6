// skinmesh-vat decode functions, GLSL ES 3.00 / GLSL 3.30 and later.
// Textures are sampled with texelFetch (no filtering). A unorm16 or unorm8 texture is bound as a
// normalized format (RGBA16 or RGBA8), so a fetch returns q / (2^bits - 1); float and half
// textures as RGBA32F or RGBA16F. GLSL ES: declare highp precision for float, int, sampler2D and
// sampler2DArray before these functions (a lowp sampler would round what a fetch returns).
// Values come from manifest.json:
//   width = "width", rowsPerFrame = "rowsPerFrame", firstRow = clips[c].firstRow,
//   boundsMin/boundsMax = "bounds" (normalized encodings only), page = clips[c].page.
// A bake split into pages ("pages" in the manifest) is drawn either by binding, per draw, the
// textures of the page of the clip drawn (the sampler2D functions), or by binding all pages as the
// layers of one texture array, layer = page (the sampler2DArray functions, texel from
// skinmeshVatTexelPaged).

// The texel of element i (a vertex, or row r of bone b as i = 3b + r) in frame f of a clip.
ivec2 skinmeshVatTexel(int i, int frame, int firstRow, int rowsPerFrame, int width) {
    return ivec2(i % width, firstRow + frame * rowsPerFrame + i / width);
}

// The same texel in the layer of a texture array that holds the clip's page.
ivec3 skinmeshVatTexelPaged(int i, int frame, int firstRow, int rowsPerFrame, int width, int page) {
    return ivec3(skinmeshVatTexel(i, frame, firstRow, rowsPerFrame, width), page);
}

// A unit vector from its octahedral encoding in two normalized values.
vec3 skinmeshVatOctahedral(vec2 encoded) {
    vec2 e = encoded * 2.0 - 1.0;
    vec3 n = vec3(e, 1.0 - abs(e.x) - abs(e.y));
    float t = max(-n.z, 0.0);
    n.x += n.x >= 0.0 ? -t : t;
    n.y += n.y >= 0.0 ? -t : t;
    return normalize(n);
}

// Position (or offset) from a float or half texture.
vec3 skinmeshVatPositionFloat(sampler2D positions, ivec2 texel) {
    return texelFetch(positions, texel, 0).xyz;
}

// Position (or offset) from a unorm16 or unorm8 texture, mapped to the manifest's bounds.
vec3 skinmeshVatPositionUnorm(sampler2D positions, ivec2 texel, vec3 boundsMin, vec3 boundsMax) {
    return boundsMin + texelFetch(positions, texel, 0).xyz * (boundsMax - boundsMin);
}

// Normal from a float or half texture.
vec3 skinmeshVatNormalFloat(sampler2D normals, ivec2 texel) {
    return normalize(texelFetch(normals, texel, 0).xyz);
}

// Normal from a unorm16 or unorm8 texture: octahedral encoding in RG.
vec3 skinmeshVatNormalOctahedral(sampler2D normals, ivec2 texel) {
    return skinmeshVatOctahedral(texelFetch(normals, texel, 0).xy);
}

// Tangent from a float or half texture: unit direction in xyz, handedness (-1 or +1) in w.
vec4 skinmeshVatTangentFloat(sampler2D tangents, ivec2 texel) {
    vec4 t = texelFetch(tangents, texel, 0);
    return vec4(normalize(t.xyz), t.w);
}

// Tangent from a unorm16 or unorm8 texture: octahedral direction in RG, handedness in A (0 or 1).
vec4 skinmeshVatTangentOctahedral(sampler2D tangents, ivec2 texel) {
    vec4 t = texelFetch(tangents, texel, 0);
    return vec4(skinmeshVatOctahedral(t.xy), t.w * 2.0 - 1.0);
}

// The same six functions on the pages of a bake as the layers of a texture array.
vec3 skinmeshVatPositionFloat(sampler2DArray positions, ivec3 texel) {
    return texelFetch(positions, texel, 0).xyz;
}

vec3 skinmeshVatPositionUnorm(sampler2DArray positions, ivec3 texel, vec3 boundsMin, vec3 boundsMax) {
    return boundsMin + texelFetch(positions, texel, 0).xyz * (boundsMax - boundsMin);
}

vec3 skinmeshVatNormalFloat(sampler2DArray normals, ivec3 texel) {
    return normalize(texelFetch(normals, texel, 0).xyz);
}

vec3 skinmeshVatNormalOctahedral(sampler2DArray normals, ivec3 texel) {
    return skinmeshVatOctahedral(texelFetch(normals, texel, 0).xy);
}

vec4 skinmeshVatTangentFloat(sampler2DArray tangents, ivec3 texel) {
    vec4 t = texelFetch(tangents, texel, 0);
    return vec4(normalize(t.xyz), t.w);
}

vec4 skinmeshVatTangentOctahedral(sampler2DArray tangents, ivec3 texel) {
    vec4 t = texelFetch(tangents, texel, 0);
    return vec4(skinmeshVatOctahedral(t.xy), t.w * 2.0 - 1.0);
}

// One influence of a bone-matrix texture: the three rows of bone b's 3x4 skin matrix applied to p.
vec3 skinmeshBoneTransform(sampler2D bones, int bone, int frame, int firstRow, int rowsPerFrame, int width,
        vec3 p) {
    vec4 q = vec4(p, 1.0);
    vec4 r0 = texelFetch(bones, skinmeshVatTexel(3 * bone, frame, firstRow, rowsPerFrame, width), 0);
    vec4 r1 = texelFetch(bones, skinmeshVatTexel(3 * bone + 1, frame, firstRow, rowsPerFrame, width), 0);
    vec4 r2 = texelFetch(bones, skinmeshVatTexel(3 * bone + 2, frame, firstRow, rowsPerFrame, width), 0);
    return vec3(dot(r0, q), dot(r1, q), dot(r2, q));
}

// Linear blend skinning from a bone-matrix texture with 4 influences.
vec3 skinmeshBoneSkin(sampler2D bones, ivec4 joints, vec4 weights, int frame, int firstRow, int rowsPerFrame,
        int width, vec3 p) {
    return weights.x * skinmeshBoneTransform(bones, joints.x, frame, firstRow, rowsPerFrame, width, p)
         + weights.y * skinmeshBoneTransform(bones, joints.y, frame, firstRow, rowsPerFrame, width, p)
         + weights.z * skinmeshBoneTransform(bones, joints.z, frame, firstRow, rowsPerFrame, width, p)
         + weights.w * skinmeshBoneTransform(bones, joints.w, frame, firstRow, rowsPerFrame, width, p);
}

// The same two functions on the pages of a bone bake as the layers of a texture array.
vec3 skinmeshBoneTransform(sampler2DArray bones, int bone, int frame, int firstRow, int rowsPerFrame, int width,
        int page, vec3 p) {
    vec4 q = vec4(p, 1.0);
    vec4 r0 = texelFetch(bones, skinmeshVatTexelPaged(3 * bone, frame, firstRow, rowsPerFrame, width, page), 0);
    vec4 r1 = texelFetch(bones, skinmeshVatTexelPaged(3 * bone + 1, frame, firstRow, rowsPerFrame, width, page), 0);
    vec4 r2 = texelFetch(bones, skinmeshVatTexelPaged(3 * bone + 2, frame, firstRow, rowsPerFrame, width, page), 0);
    return vec3(dot(r0, q), dot(r1, q), dot(r2, q));
}

vec3 skinmeshBoneSkin(sampler2DArray bones, ivec4 joints, vec4 weights, int frame, int firstRow,
        int rowsPerFrame, int width, int page, vec3 p) {
    return weights.x * skinmeshBoneTransform(bones, joints.x, frame, firstRow, rowsPerFrame, width, page, p)
         + weights.y * skinmeshBoneTransform(bones, joints.y, frame, firstRow, rowsPerFrame, width, page, p)
         + weights.z * skinmeshBoneTransform(bones, joints.z, frame, firstRow, rowsPerFrame, width, page, p)
         + weights.w * skinmeshBoneTransform(bones, joints.w, frame, firstRow, rowsPerFrame, width, page, p);
}
