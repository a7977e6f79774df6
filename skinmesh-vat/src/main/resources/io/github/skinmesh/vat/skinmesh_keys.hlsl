// skinmesh keyframes-in-vertex-channels decode functions, HLSL shader model 2.0 and later (no
// texture fetch). Each segment of a clip is a mesh whose vertices carry the 4 key poses of the
// segment (glTF custom attributes, bound to vertex input semantics of your choice):
//   _KEY_POSITION_0, _KEY_POSITION_1, _KEY_POSITION_2, _KEY_POSITION_3   float3 each, model space
//   _KEY_NORMAL_0, _KEY_NORMAL_1, _KEY_NORMAL_2, _KEY_NORMAL_3           float3 each, when the keys hold
//   normals
// (a mesh's POSITION and NORMAL equal key 0, so an engine may keep those and drop
// _KEY_POSITION_0 and _KEY_NORMAL_0). Positions and normals take 8 vertex inputs, the least
// OpenGL ES 2.0 guarantees; where that leaves none for UVs, bake positions only.
// Per segment, a constant from the segment table (the .json beside the .glb, or its extras):
//   keyTimes = float4(segments[s].keyTimes[0..3]), seconds of clip time, strictly increasing;
//   the segment plays from keyTimes.x (its start) to keyTimes.w (its end).
// Per draw or instance: t = the clip time, within the segment.

// The weights of the 4 keys at time t: the cubic through the keys (Lagrange basis). Exactly 1 and
// 0 at a key time, so neighbouring segments meet without a jump.
float4 SkinmeshKeyWeights(float4 keyTimes, float t)
{
    float4 d = t - keyTimes;
    float4 k = keyTimes;
    return float4(d.y * d.z * d.w / ((k.x - k.y) * (k.x - k.z) * (k.x - k.w)),
                  d.x * d.z * d.w / ((k.y - k.x) * (k.y - k.z) * (k.y - k.w)),
                  d.x * d.y * d.w / ((k.z - k.x) * (k.z - k.y) * (k.z - k.w)),
                  d.x * d.y * d.z / ((k.w - k.x) * (k.w - k.y) * (k.w - k.z)));
}

// The position at the weights' time.
float3 SkinmeshKeyPosition(float3 p0, float3 p1, float3 p2, float3 p3, float4 w)
{
    return w.x * p0 + w.y * p1 + w.z * p2 + w.w * p3;
}

// The normal at the weights' time.
float3 SkinmeshKeyNormal(float3 n0, float3 n1, float3 n2, float3 n3, float4 w)
{
    return normalize(w.x * n0 + w.y * n1 + w.z * n2 + w.w * n3);
}
