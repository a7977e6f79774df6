package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.IndexColorModel;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.junit.jupiter.api.Test;

/**
 * PNGs written by the JDK's ImageIO writer (16-bit grey, 16-bit RGBA, palettes of 1, 2, 4 and 8 bits
 * with transparency, plain and interlaced) decode to what ImageIO itself reads back from the same bytes.
 */
class PngImageIoTest {
    static byte[] write(BufferedImage image, boolean interlaced) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setProgressiveMode(interlaced ? ImageWriteParam.MODE_DEFAULT : ImageWriteParam.MODE_DISABLED);
            writer.write(null, new IIOImage(image, null, null), param);
        }
        writer.dispose();
        return bytes.toByteArray();
    }

    static BufferedImage read(byte[] png) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    @Test
    void sixteenBitGreyAndRgbaDecodeAsImageIoReadsThem() throws IOException {
        SplittableRandom r = new SplittableRandom(16);
        for (boolean interlaced : new boolean[] {false, true}) {
            int w = 1 + r.nextInt(23);
            int h = 1 + r.nextInt(17);
            BufferedImage grey = new BufferedImage(w, h, BufferedImage.TYPE_USHORT_GRAY);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    grey.getRaster().setSample(x, y, 0, r.nextInt(65536));
                }
            }
            byte[] png = write(grey, interlaced);
            assertThat(png[8 + 8 + 8]).as("bit depth").isEqualTo((byte) 16);
            WritableRaster back = read(png).getRaster();
            PixelImage mine = Png.decode("grey16", png);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int g = back.getSample(x, y, 0);
                    for (int c = 0; c < 3; c++) {
                        assertThat(Math.round(mine.value(x, y, c) * 65535)).as("grey (%d, %d)", x, y).isEqualTo(g);
                    }
                    assertThat(mine.value(x, y, 3)).isEqualTo(1f);
                }
            }

            ComponentColorModel cm = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB), true, false,
                    Transparency.TRANSLUCENT, DataBuffer.TYPE_USHORT);
            WritableRaster raster = cm.createCompatibleWritableRaster(w, h);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    for (int c = 0; c < 4; c++) {
                        raster.setSample(x, y, c, r.nextInt(65536));
                    }
                }
            }
            png = write(new BufferedImage(cm, raster, false, null), interlaced);
            assertThat(png[8 + 8 + 8]).as("bit depth").isEqualTo((byte) 16);
            assertThat(png[8 + 8 + 9]).as("colour type").isEqualTo((byte) 6);
            back = read(png).getRaster();
            mine = Png.decode("rgba16", png);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    for (int c = 0; c < 4; c++) {
                        assertThat(Math.round(mine.value(x, y, c) * 65535)).as("rgba (%d, %d) %d", x, y, c)
                                .isEqualTo(back.getSample(x, y, c));
                    }
                }
            }
        }
    }

    @Test
    void palettesOfEveryDepthWithTransparencyDecodeAsImageIoReadsThem() throws IOException {
        SplittableRandom r = new SplittableRandom(8);
        for (int bits : new int[] {1, 2, 4, 8}) {
            for (boolean interlaced : new boolean[] {false, true}) {
                int size = 1 << bits;
                byte[] red = new byte[size];
                byte[] green = new byte[size];
                byte[] blue = new byte[size];
                byte[] alpha = new byte[size];
                for (int i = 0; i < size; i++) {
                    red[i] = (byte) r.nextInt(256);
                    green[i] = (byte) r.nextInt(256);
                    blue[i] = (byte) r.nextInt(256);
                    alpha[i] = (byte) (i % 3 == 0 ? 255 : r.nextInt(256));
                }
                IndexColorModel icm = new IndexColorModel(bits, size, red, green, blue, alpha);
                int w = 1 + r.nextInt(29);
                int h = 1 + r.nextInt(13);
                BufferedImage image = bits == 8 ? new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED, icm)
                        : new BufferedImage(w, h, BufferedImage.TYPE_BYTE_BINARY, icm);
                for (int y = 0; y < h; y++) {
                    for (int x = 0; x < w; x++) {
                        image.getRaster().setSample(x, y, 0, r.nextInt(size));
                    }
                }
                byte[] png = write(image, interlaced);
                assertThat(png[8 + 8 + 9]).as("colour type").isEqualTo((byte) 3);
                BufferedImage back = read(png);
                PixelImage mine = Png.decode("palette", png);
                assertThat(mine.format()).isEqualTo(TexelFormat.RGBA8);
                for (int y = 0; y < h; y++) {
                    for (int x = 0; x < w; x++) {
                        int argb = back.getRGB(x, y);
                        int[] want = {(argb >> 16) & 0xFF, (argb >> 8) & 0xFF, argb & 0xFF, argb >>> 24};
                        for (int c = 0; c < 4; c++) {
                            assertThat(Math.round(mine.value(x, y, c) * 255)).as("%d bits (%d, %d) %d", bits, x, y, c)
                                    .isEqualTo(want[c]);
                        }
                    }
                }
            }
        }
    }
}
