/**
 * glTF 2.0 import and export of skinned characters.
 *
 * <p>{@link io.github.skinmesh.gltf.GltfReader} reads {@code .glb} and {@code .gltf} files (with
 * external or data-URI buffers and images) into a {@link io.github.skinmesh.gltf.GltfAsset}: a
 * core {@link io.github.skinmesh.core.model.Character} (one
 * {@link io.github.skinmesh.core.model.Skeleton} for the document, one
 * {@link io.github.skinmesh.core.model.Part} per node with a mesh, skinned or rigid, and the
 * {@link io.github.skinmesh.core.model.AnimationClip}s) plus what only the file has: each part's
 * {@link io.github.skinmesh.gltf.PartSource} (node, mesh and skin index, each glTF primitive's
 * submesh and vertex range, a skinned node's own placement), the bones' nodes, and warnings. A
 * glTF mesh with several primitives is one core mesh with one submesh per primitive.
 * {@link io.github.skinmesh.gltf.GltfWriter} writes a character, read or built, as a GLB file that
 * the Khronos glTF-Validator accepts without errors, byte-identical for identical input.
 * {@link io.github.skinmesh.gltf.AssetPoser} poses a read asset's skinned primitives through
 * core's {@link io.github.skinmesh.core.anim.CharacterPoser}.
 *
 * <p><b>Conventions.</b> glTF's own: right-handed, +Y up, counter-clockwise front faces, UV origin
 * top-left, metres (whatever the file uses); matrices column-major with column vectors; quaternions
 * {@code (x, y, z, w)}; {@code skin_i = model(joint_i) * inverseBind_i}. A skinned vertex in world
 * space is {@code sum_i w_i * W_joint_i * IBM_i * p}; in the skinned node's space it is
 * {@code inverse(W_node) * world}, with {@code W_node = model(nodeBone) * nodeMatrix} (see
 * {@link io.github.skinmesh.gltf.PartSource}). Parts come in node index order and each part's
 * submeshes in primitive order, which is the order of the project's reference positions. Custom
 * vertex attributes {@code _NAME} are the model's extra vertex attributes {@code NAME}.
 *
 * <p><b>Container format handled (glTF 2.0, section 4.4).</b> GLB: little-endian; a 12-byte
 * header (magic {@code 0x46546C67} "glTF", version 2, total length), a JSON chunk (type
 * {@code 0x4E4F534A}, padded with spaces to 4 bytes), an optional BIN chunk (type
 * {@code 0x004E4942}, padded with zeros) holding buffer 0. Written files always put every chunk and
 * buffer view on a 4-byte boundary; read files may have unknown chunk types (skipped) and trailing
 * bytes after the declared length (ignored with a warning). Files read are glTF 2.x; the writer
 * emits {@code "version": "2.0"} and no {@code extensionsRequired}. Compatibility promise: any file
 * this module writes is read back by every later version of it.
 *
 * <p><b>Why not an existing glTF library.</b> We evaluated de.javagl:jgltf-model 2.0.4 and do not
 * use it: on hostile input it accepts accessors past their buffer view and a count of 2e9 and later
 * fails with an {@code IndexOutOfBoundsException} without a message, loops forever on a node cycle,
 * throws {@code NullPointerException} for a missing external buffer and for a skin without
 * inverse bind matrices; it never reads {@code skin.skeleton}, returns no data for sparse accessors
 * (its writer then fails), leaves normalized integers undecoded, pins a mismatched Jackson 2.13
 * pair, pulls the glTF 1.0 classes in and has no JPMS module name. So this module uses Jackson
 * (jackson-databind, the version the build manages) for the JSON only, and its own GLB container,
 * buffer, accessor and sparse decoding with strict bounds.
 *
 * <p>Everything here is thread-safe: readers and writers are stateless, assets immutable.
 */
@NullMarked
package io.github.skinmesh.gltf;

import org.jspecify.annotations.NullMarked;
