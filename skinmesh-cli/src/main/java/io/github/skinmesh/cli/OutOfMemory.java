package io.github.skinmesh.cli;

/**
 * A command ran out of heap while doing one thing to one file ("reading model.glb", "posing
 * model.glb"). {@link SkinMeshCommand} prints it as one line with a hint, instead of the
 * {@link OutOfMemoryError}'s stack trace; the error is kept as the cause for {@code --verbose}.
 */
final class OutOfMemory extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final long MIB = 1L << 20;

    /**
     * @param doing what the command was doing, e.g. {@code "reading model.glb"}
     * @param cause the error
     */
    OutOfMemory(String doing, OutOfMemoryError cause) {
        super("out of memory " + doing, cause, false, false);
    }

    /**
     * The advice printed after the message: the launcher's variable and a heap twice the present
     * one, rounded up to a power of two.
     *
     * @param maxHeapBytes the heap the JVM may use ({@link Runtime#maxMemory()}), or
     *     {@link Long#MAX_VALUE} when it has no limit
     * @return for example {@code "give the JVM more with JAVA_OPTS=-Xmx1g (it has 512 MiB)"}
     */
    static String hint(long maxHeapBytes) {
        if (maxHeapBytes == Long.MAX_VALUE || maxHeapBytes <= 0) {
            return "give the JVM more with JAVA_OPTS=-Xmx...";
        }
        long mib = Math.max(1, (maxHeapBytes + MIB - 1) / MIB);
        long suggested = Math.max(64, Long.highestOneBit(2 * mib - 1) << 1);
        String size = suggested >= 1024 ? suggested / 1024 + "g" : suggested + "m";
        return "give the JVM more with JAVA_OPTS=-Xmx" + size + " (it has " + mib + " MiB)";
    }
}
