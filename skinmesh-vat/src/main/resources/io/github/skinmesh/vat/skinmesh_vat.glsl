// skinmesh-vat decode functions, GLSL ES 3.00 / GLSL 3.30 and later.
// Textures are sampled with texelFetch (no filtering). A unorm16 or unorm8 texture is bound as a
// normalized format (RGBA16 or RGBA8), so a fetch returns q / (2^bits - 1); float and half
// textures as RGBA32F or RGBA16F. Values come from manifest.json:
//   width = "width", rowsPerFrame = "rowsPerFrame", firstRow = clips[c].firstRow,
//   boundsMin/boundsMax = "bounds" (normalized encodings only).

// The texel of element i (a vertex, or row r of bone b as i = 3b + r) in frame f of a clip.
ivec2 skinmeshVatTexel(int i, int frame, int firstRow, int rowsPerFrame, int width) {
    return ivec2(i % width, firstRow + frame * rowsPerFrame + i / width);
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
    vec2 e = texelFetch(normals, texel, 0).xy * 2.0 - 1.0;
    vec3 n = vec3(e, 1.0 - abs(e.x) - abs(e.y));
    float t = max(-n.z, 0.0);
    n.x += n.x >= 0.0 ? -t : t;
    n.y += n.y >= 0.0 ? -t : t;
    return normalize(n);
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
