package io.github.skinmesh.core.skinning;

/** A kernel call over vertices {@code first..end-1} with int joints at index {@code k*v + i - jointBase}. */
@FunctionalInterface
interface WideJointsTask {
    /**
     * @param joints the joints of the range
     * @param jointBase subtracted from {@code k*v + i} to index {@code joints}
     * @param first first vertex
     * @param end one past the last vertex
     */
    void run(int[] joints, int jointBase, int first, int end);
}
