/**
 * LayaAir binary meshes ({@code .lm}): writer and reader of {@code LAYAMODEL:0501} files, static
 * and skinned, with the coordinate conversions of LayaAir's importers and bone-palette draws.
 *
 * <p>The entry class is {@link io.github.skinmesh.laya.LayaModels}: {@code write} takes a core
 * {@link io.github.skinmesh.core.model.Mesh} and {@link io.github.skinmesh.laya.LmWriteOptions},
 * {@code read} gives back the mesh with its draws in an {@link io.github.skinmesh.laya.LmReadResult}.
 *
 * <h2>The format, in short</h2>
 *
 * <p>Little-endian, no alignment or padding anywhere. A header (the version as a u16-length
 * string, {@code DATA.offset}, {@code DATA.size}, a block table of absolute start and length, the
 * string table's DATA-relative offset and count), one {@code MESH} block (mesh name, one vertex
 * buffer: its DATA-relative start, vertex count and declaration; the index buffer's start and byte
 * length; bounds; the bone names; the inverse bind poses' start and byte length) and one
 * {@code SUBMESH} block per submesh (index range, then its draws: index range in absolute index
 * units and the bone dictionary's start and byte length). From {@code DATA.offset}: strings,
 * interleaved vertices, indices (16-bit unless the vertex count exceeds 65,535), inverse bind
 * poses (16 column-major floats per bone), dictionaries (u16 bone indices). A vertex's
 * {@code BLENDINDICES} are 4 bytes local to its draw's dictionary, and LayaAir binds at most 24
 * bones per draw.
 *
 * <p>Compatibility: the writer writes {@code LAYAMODEL:0501} only, byte for byte as LayaAir's
 * Unity exporter lays it out; the reader takes {@code LAYAMODEL:05}, {@code 0501} and
 * {@code 0502} and refuses the compressed variants and the older {@code 03}/{@code 04} families.
 */
@NullMarked
package io.github.skinmesh.laya;

import org.jspecify.annotations.NullMarked;
