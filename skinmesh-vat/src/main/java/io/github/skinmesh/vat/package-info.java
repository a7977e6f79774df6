/**
 * Animation textures for GPU crowds: vertex animation textures (positions and normals as float, half or normalized integers with bounds), bone-matrix animation textures for instanced skinning, and keyframe poses packed into vertex channels. The API arrives with its issue.
 */
@NullMarked
package io.github.skinmesh.vat;

import org.jspecify.annotations.NullMarked;
