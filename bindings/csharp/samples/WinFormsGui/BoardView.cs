// The board control: draws the squares, the pieces (White's upside down)
// and both hands from a BoardSnapshot, and reports clicks on squares and
// on pieces in hand. It draws only what it is given: the form owns the
// position and decides what a click means.
using System;
using System.Drawing;
using System.Drawing.Drawing2D;
using System.Windows.Forms;
using LibShogi;
// Inside a Control, "Move" is Control.Move (an event): name the shogi move type.
using ShogiMove = LibShogi.Move;

namespace WinFormsGui
{
    internal sealed class BoardView : Control
    {
        public static readonly Color BoardColor = Color.FromArgb(230, 190, 110);
        private static readonly PieceType[] HandOrder =
        {
            PieceType.Rook, PieceType.Bishop, PieceType.Gold, PieceType.Silver,
            PieceType.Knight, PieceType.Lance, PieceType.Pawn,
        };
        private const int Cell = 44;
        private const int HandHeight = 40;
        private const int Pad = 8;

        private BoardSnapshot board;
        private Square? selected;
        private PieceType selectedDrop;
        private ShogiMove lastMove = ShogiMove.None;

        public event Action<Square> SquareClicked;
        public event Action<Side, PieceType> HandClicked;

        public BoardView()
        {
            DoubleBuffered = true;
            Size = new Size(Pad * 2 + 9 * Cell, Pad * 2 + 9 * Cell + 2 * HandHeight);
            BackColor = Color.FromArgb(250, 245, 235);
        }

        public void Show(BoardSnapshot snapshot, ShogiMove last, Square? sel, PieceType drop)
        {
            board = snapshot;
            lastMove = last;
            selected = sel;
            selectedDrop = drop;
            Invalidate();
        }

        private Rectangle SquareRect(Square s)
        {
            // File 9 is on the left, rank 1 at the top (Black's view).
            int x = Pad + (9 - s.File) * Cell;
            int y = Pad + HandHeight + (s.Rank - 1) * Cell;
            return new Rectangle(x, y, Cell, Cell);
        }

        private Rectangle HandRect(Side side, int i)
        {
            int y = side == Side.Black ? Pad + HandHeight + 9 * Cell + 4 : Pad;
            return new Rectangle(Pad + i * (Cell + 6), y, Cell + 4, HandHeight - 6);
        }

        protected override void OnMouseClick(MouseEventArgs e)
        {
            base.OnMouseClick(e);
            foreach (Square s in Square.All)
                if (SquareRect(s).Contains(e.Location))
                {
                    if (SquareClicked != null)
                        SquareClicked(s);
                    return;
                }
            foreach (Side side in new[] { Side.Black, Side.White })
                for (int i = 0; i < HandOrder.Length; i++)
                    if (HandRect(side, i).Contains(e.Location) && HandClicked != null)
                        HandClicked(side, HandOrder[i]);
        }

        // Where a click on a square lands (for the self-test's clicks).
        public Point CenterOf(Square s)
        {
            Rectangle r = SquareRect(s);
            return new Point(r.X + r.Width / 2, r.Y + r.Height / 2);
        }

        protected override void OnPaint(PaintEventArgs e)
        {
            base.OnPaint(e);
            Graphics g = e.Graphics;
            g.SmoothingMode = SmoothingMode.AntiAlias;
            var boardRect = new Rectangle(Pad, Pad + HandHeight, 9 * Cell, 9 * Cell);
            using (var brush = new SolidBrush(BoardColor))
                g.FillRectangle(brush, boardRect);
            if (board == null)
                return;
            using (var font = new Font(FontFamily.GenericSansSerif, 20, FontStyle.Bold, GraphicsUnit.Pixel))
            using (var small = new Font(FontFamily.GenericSansSerif, 12, FontStyle.Regular, GraphicsUnit.Pixel))
            using (var highlight = new SolidBrush(Color.FromArgb(120, 80, 160, 255)))
            using (var last = new SolidBrush(Color.FromArgb(90, 255, 120, 60)))
            using (var black = new SolidBrush(Color.Black))
            using (var promoted = new SolidBrush(Color.DarkRed))
            using (var pen = new Pen(Color.FromArgb(60, 40, 20)))
            {
                foreach (Square s in Square.All)
                {
                    Rectangle r = SquareRect(s);
                    if (!lastMove.IsNone && lastMove.To == s.Index)
                        g.FillRectangle(last, r);
                    if (selected.HasValue && selected.Value == s)
                        g.FillRectangle(highlight, r);
                    g.DrawRectangle(pen, r);
                    Piece p = board[s];
                    if (!p.IsEmpty)
                        DrawPiece(g, p, r, font, p.IsPromoted ? promoted : black);
                }
                foreach (Side side in new[] { Side.Black, Side.White })
                {
                    g.DrawString(side == Side.Black ? "▲" : "△", small, black,
                                 Pad + HandOrder.Length * (Cell + 6), HandRect(side, 0).Y + 10);
                    for (int i = 0; i < HandOrder.Length; i++)
                    {
                        int n = board.HandCount(side, HandOrder[i]);
                        if (n == 0)
                            continue;
                        Rectangle r = HandRect(side, i);
                        if (selectedDrop == HandOrder[i] && side == Side.Black == (selectedSide == Side.Black))
                            g.FillRectangle(highlight, r);
                        g.DrawString(new Piece(HandOrder[i], side).Kanji + n, font, black, r.X, r.Y + 4);
                    }
                }
            }
        }

        private Side selectedSide = Side.Black;

        public void SetDropSide(Side side) { selectedSide = side; }

        private static void DrawPiece(Graphics g, Piece p, Rectangle r, Font font, Brush brush)
        {
            string text = p.Kanji;
            SizeF size = g.MeasureString(text, font);
            GraphicsState state = g.Save();
            g.TranslateTransform(r.X + r.Width / 2f, r.Y + r.Height / 2f);
            if (p.Side == Side.White)
                g.RotateTransform(180);
            g.DrawString(text, font, brush, -size.Width / 2, -size.Height / 2);
            g.Restore(state);
        }
    }
}
