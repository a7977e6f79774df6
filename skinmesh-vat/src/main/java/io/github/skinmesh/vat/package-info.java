/**
 * Animation textures for GPU crowds. {@link io.github.skinmesh.vat.Vat} bakes clips into vertex
 * animation textures (positions, optionally normals and tangents; float, half, or 16/8-bit
 * normalized to bounds with octahedral directions; absolute positions or offsets from the bind
 * pose; one texture, or pages of one size when the clips need more rows than a texture has) and
 * bone-matrix textures (3 texels per palette bone per frame, float or half), each with a clip
 * table, per-clip bounds and the measured error of what a shader decodes; in the character's
 * model space or relative to a reference per part ({@link io.github.skinmesh.vat.BakeSpace}).
 * {@link io.github.skinmesh.vat.VatFiles} writes them (raw little-endian or PNG, plus
 * {@code manifest.json}) and reads them back; {@link io.github.skinmesh.vat.VatDecoder} decodes
 * them exactly as the shader functions do.
 */
@NullMarked
package io.github.skinmesh.vat;

import org.jspecify.annotations.NullMarked;
