/**
 * Format-level helpers of the glTF reader and writer: the GLB container, strict JSON access,
 * buffer views and accessors with bounds checks, data URIs, transform decomposition. Not API: the
 * module does not export this package.
 */
@NullMarked
package io.github.skinmesh.gltf.internal;

import org.jspecify.annotations.NullMarked;
