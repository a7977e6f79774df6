/**
 * glTF 2.0 import and export of skinned characters. The API arrives with its issue.
 */
@NullMarked
package io.github.skinmesh.gltf;

import org.jspecify.annotations.NullMarked;
