// skinmesh-vat decode functions, HLSL shader model 4.0 and later.
// Textures are read with Load (no filtering). A unorm16 or unorm8 texture is bound as
// R16G16B16A16_UNORM or R8G8B8A8_UNORM, so a load returns q / (2^bits - 1); float and half
// textures as R32G32B32A32_FLOAT or R16G16B16A16_FLOAT. Values come from manifest.json:
//   width = "width", rowsPerFrame = "rowsPerFrame", firstRow = clips[c].firstRow,
//   boundsMin/boundsMax = "bounds" (normalized encodings only), page = clips[c].page.
// A bake split into pages ("pages" in the manifest) is drawn either by binding, per draw, the
// textures of the page of the clip drawn (the Texture2D functions), or by binding all pages as the
// slices of one texture array, slice = page (the Texture2DArray functions, texel from
// SkinmeshVatTexelPaged).

// The texel of element i (a vertex, or row r of bone b as i = 3b + r) in frame f of a clip.
int3 SkinmeshVatTexel(int i, int frame, int firstRow, int rowsPerFrame, int width)
{
    return int3(i % width, firstRow + frame * rowsPerFrame + i / width, 0);
}

// The same texel in the slice of a texture array that holds the clip's page.
int4 SkinmeshVatTexelPaged(int i, int frame, int firstRow, int rowsPerFrame, int width, int page)
{
    int3 t = SkinmeshVatTexel(i, frame, firstRow, rowsPerFrame, width);
    return int4(t.xy, page, 0);
}

// A unit vector from its octahedral encoding in two normalized values.
float3 SkinmeshVatOctahedral(float2 encoded)
{
    float2 e = encoded * 2.0 - 1.0;
    float3 n = float3(e, 1.0 - abs(e.x) - abs(e.y));
    float t = max(-n.z, 0.0);
    n.x += n.x >= 0.0 ? -t : t;
    n.y += n.y >= 0.0 ? -t : t;
    return normalize(n);
}

// Position (or offset) from a float or half texture.
float3 SkinmeshVatPositionFloat(Texture2D<float4> positions, int3 texel)
{
    return positions.Load(texel).xyz;
}

// Position (or offset) from a unorm16 or unorm8 texture, mapped to the manifest's bounds.
float3 SkinmeshVatPositionUnorm(Texture2D<float4> positions, int3 texel, float3 boundsMin, float3 boundsMax)
{
    return boundsMin + positions.Load(texel).xyz * (boundsMax - boundsMin);
}

// Normal from a float or half texture.
float3 SkinmeshVatNormalFloat(Texture2D<float4> normals, int3 texel)
{
    return normalize(normals.Load(texel).xyz);
}

// Normal from a unorm16 or unorm8 texture: octahedral encoding in RG.
float3 SkinmeshVatNormalOctahedral(Texture2D<float4> normals, int3 texel)
{
    return SkinmeshVatOctahedral(normals.Load(texel).xy);
}

// Tangent from a float or half texture: unit direction in xyz, handedness (-1 or +1) in w.
float4 SkinmeshVatTangentFloat(Texture2D<float4> tangents, int3 texel)
{
    float4 t = tangents.Load(texel);
    return float4(normalize(t.xyz), t.w);
}

// Tangent from a unorm16 or unorm8 texture: octahedral direction in RG, handedness in A (0 or 1).
float4 SkinmeshVatTangentOctahedral(Texture2D<float4> tangents, int3 texel)
{
    float4 t = tangents.Load(texel);
    return float4(SkinmeshVatOctahedral(t.xy), t.w * 2.0 - 1.0);
}

// The same six functions on the pages of a bake as the slices of a texture array.
float3 SkinmeshVatPositionFloat(Texture2DArray<float4> positions, int4 texel)
{
    return positions.Load(texel).xyz;
}

float3 SkinmeshVatPositionUnorm(Texture2DArray<float4> positions, int4 texel, float3 boundsMin, float3 boundsMax)
{
    return boundsMin + positions.Load(texel).xyz * (boundsMax - boundsMin);
}

float3 SkinmeshVatNormalFloat(Texture2DArray<float4> normals, int4 texel)
{
    return normalize(normals.Load(texel).xyz);
}

float3 SkinmeshVatNormalOctahedral(Texture2DArray<float4> normals, int4 texel)
{
    return SkinmeshVatOctahedral(normals.Load(texel).xy);
}

float4 SkinmeshVatTangentFloat(Texture2DArray<float4> tangents, int4 texel)
{
    float4 t = tangents.Load(texel);
    return float4(normalize(t.xyz), t.w);
}

float4 SkinmeshVatTangentOctahedral(Texture2DArray<float4> tangents, int4 texel)
{
    float4 t = tangents.Load(texel);
    return float4(SkinmeshVatOctahedral(t.xy), t.w * 2.0 - 1.0);
}

// One influence of a bone-matrix texture: the three rows of bone b's 3x4 skin matrix applied to p.
float3 SkinmeshBoneTransform(Texture2D<float4> bones, int bone, int frame, int firstRow, int rowsPerFrame,
    int width, float3 p)
{
    float4 q = float4(p, 1.0);
    float4 r0 = bones.Load(SkinmeshVatTexel(3 * bone, frame, firstRow, rowsPerFrame, width));
    float4 r1 = bones.Load(SkinmeshVatTexel(3 * bone + 1, frame, firstRow, rowsPerFrame, width));
    float4 r2 = bones.Load(SkinmeshVatTexel(3 * bone + 2, frame, firstRow, rowsPerFrame, width));
    return float3(dot(r0, q), dot(r1, q), dot(r2, q));
}

// Linear blend skinning from a bone-matrix texture with 4 influences.
float3 SkinmeshBoneSkin(Texture2D<float4> bones, int4 joints, float4 weights, int frame, int firstRow,
    int rowsPerFrame, int width, float3 p)
{
    return weights.x * SkinmeshBoneTransform(bones, joints.x, frame, firstRow, rowsPerFrame, width, p)
         + weights.y * SkinmeshBoneTransform(bones, joints.y, frame, firstRow, rowsPerFrame, width, p)
         + weights.z * SkinmeshBoneTransform(bones, joints.z, frame, firstRow, rowsPerFrame, width, p)
         + weights.w * SkinmeshBoneTransform(bones, joints.w, frame, firstRow, rowsPerFrame, width, p);
}

// The same two functions on the pages of a bone bake as the slices of a texture array.
float3 SkinmeshBoneTransform(Texture2DArray<float4> bones, int bone, int frame, int firstRow, int rowsPerFrame,
    int width, int page, float3 p)
{
    float4 q = float4(p, 1.0);
    float4 r0 = bones.Load(SkinmeshVatTexelPaged(3 * bone, frame, firstRow, rowsPerFrame, width, page));
    float4 r1 = bones.Load(SkinmeshVatTexelPaged(3 * bone + 1, frame, firstRow, rowsPerFrame, width, page));
    float4 r2 = bones.Load(SkinmeshVatTexelPaged(3 * bone + 2, frame, firstRow, rowsPerFrame, width, page));
    return float3(dot(r0, q), dot(r1, q), dot(r2, q));
}

float3 SkinmeshBoneSkin(Texture2DArray<float4> bones, int4 joints, float4 weights, int frame, int firstRow,
    int rowsPerFrame, int width, int page, float3 p)
{
    return weights.x * SkinmeshBoneTransform(bones, joints.x, frame, firstRow, rowsPerFrame, width, page, p)
         + weights.y * SkinmeshBoneTransform(bones, joints.y, frame, firstRow, rowsPerFrame, width, page, p)
         + weights.z * SkinmeshBoneTransform(bones, joints.z, frame, firstRow, rowsPerFrame, width, page, p)
         + weights.w * SkinmeshBoneTransform(bones, joints.w, frame, firstRow, rowsPerFrame, width, page, p);
}
