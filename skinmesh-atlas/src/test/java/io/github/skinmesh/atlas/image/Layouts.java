package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.pack.Placement;
import java.util.ArrayList;
import java.util.List;

/** Hand-made placements for tests: rows left to right, each origin rounded up to a multiple of {@code align}. */
final class Layouts {
    private Layouts() {
    }

    /**
     * @param sizes source sizes (width, height) per input
     * @param rotated whether each input is turned
     * @param gutter free texels kept on each side of every rectangle
     * @param align origins are multiples of this
     * @param pageW page width
     * @return one placement per input, pages opened as rows run out
     */
    static List<Placement> rows(int[][] sizes, boolean[] rotated, int gutter, int align, int pageW, int pageH) {
        List<Placement> out = new ArrayList<>();
        int page = 0;
        int cx = 0;
        int cy = 0;
        int rowBottom = 0;
        for (int i = 0; i < sizes.length; i++) {
            int w = rotated[i] ? sizes[i][1] : sizes[i][0];
            int h = rotated[i] ? sizes[i][0] : sizes[i][1];
            int x = up(cx + gutter, align);
            int y = up(cy + gutter, align);
            if (x + w + gutter > pageW) {
                cx = 0;
                cy = rowBottom;
                x = up(gutter, align);
                y = up(cy + gutter, align);
            }
            if (y + h + gutter > pageH) {
                page++;
                cx = 0;
                cy = 0;
                rowBottom = 0;
                x = up(gutter, align);
                y = up(gutter, align);
            }
            if (x + w + gutter > pageW || y + h + gutter > pageH) {
                throw new IllegalArgumentException("rect " + i + " does not fit a page");
            }
            out.add(new Placement(i, page, x, y, w, h, rotated[i]));
            cx = x + w + gutter;
            rowBottom = Math.max(rowBottom, y + h + gutter);
        }
        return out;
    }

    static int up(int v, int align) {
        return (v + align - 1) / align * align;
    }
}
