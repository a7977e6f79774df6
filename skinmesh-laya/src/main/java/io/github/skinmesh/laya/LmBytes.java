package io.github.skinmesh.laya;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian views of byte arrays at any offset (the format has no alignment), for the bulk
 * regions of the reader and the writer. Callers check ranges before; the views check them again
 * and throw {@link IndexOutOfBoundsException}, which would be a bug here.
 */
final class LmBytes {
    static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle F32 = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);

    private LmBytes() {
    }

    static int u16(byte[] b, int at) {
        return (short) I16.get(b, at) & 0xFFFF;
    }

    static int i32(byte[] b, int at) {
        return (int) I32.get(b, at);
    }

    static float f32(byte[] b, int at) {
        return (float) F32.get(b, at);
    }

    static void putU16(byte[] b, int at, int v) {
        I16.set(b, at, (short) v);
    }

    static void putI32(byte[] b, int at, int v) {
        I32.set(b, at, v);
    }

    static void putF32(byte[] b, int at, float v) {
        I32.set(b, at, Float.floatToRawIntBits(v));
    }
}
