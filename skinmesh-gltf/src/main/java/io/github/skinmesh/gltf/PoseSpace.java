package io.github.skinmesh.gltf;

/** The space posed positions are expressed in. */
public enum PoseSpace {
    /**
     * The skinned node's own space: {@code inverse(W_node) * world}, what an engine that keeps
     * the mesh under its node renders, with {@code W_node = model(nodeBone) * nodeMatrix} at the
     * posed time (see {@link PartSource}). Equal to {@link #WORLD} when the node's world matrix is
     * the identity, as it is for a skinned part that {@link GltfWriter} writes at the scene root.
     */
    MODEL,
    /**
     * The scene's space, what a glTF viewer shows: {@code sum_i w_i * W_joint_i * IBM_i * p}
     * (glTF ignores the skinned node's own transform); the character's model space.
     */
    WORLD
}
