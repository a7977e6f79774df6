/**
 * LayaAir binary meshes: writer and reader of {@code .lm} files in format {@code LAYAMODEL:0501}, static and skinned, with the coordinate conversions of LayaAir's importers and 24-bone palette partitions. The API arrives with its issue.
 */
@NullMarked
package io.github.skinmesh.laya;

import org.jspecify.annotations.NullMarked;
