/**
 * Keyframes in vertex channels, for devices without vertex texture fetch.
 * {@link io.github.skinmesh.vat.keys.Keyframes} splits a clip into segments, each a mesh whose extra
 * vertex attributes hold 4 key poses (positions, and normals when the parts have them) at key times
 * searched to minimize the interpolation error; {@link io.github.skinmesh.vat.keys.KeyframeResult}
 * holds the meshes, the segment table (as JSON too) and the measured errors, and
 * {@link io.github.skinmesh.vat.keys.KeyframeDecoder} decodes them as the shipped GLSL and HLSL
 * functions ({@code skinmesh_keys.glsl}, {@code skinmesh_keys.hlsl}) do: the cubic through the 4
 * keys.
 */
@NullMarked
package io.github.skinmesh.vat.keys;

import org.jspecify.annotations.NullMarked;
