using System;
using System.IO;

namespace LibShogi
{
    /// <summary>Game record formats (SHOGI_RECORD_*).</summary>
    public enum RecordFormat
    {
        /// <summary>Detect the format (reading only).</summary>
        Auto = 0,
        /// <summary>CSA V2.2 / V3.0 (written as V3.0).</summary>
        Csa = 1,
        /// <summary>KIF (Kakinoki), with variations.</summary>
        Kif = 2,
        /// <summary>KI2, with variations.</summary>
        Ki2 = 3,
        /// <summary>"startpos moves ..." / "sfen ... moves ...".</summary>
        Usi = 4,
    }

    /// <summary>Text encodings for writing records.</summary>
    public enum RecordEncoding
    {
        /// <summary>UTF-8 without a byte order mark.</summary>
        Utf8 = 0,
        /// <summary>UTF-8 with a byte order mark.</summary>
        Utf8Bom = 1,
        /// <summary>CP932, what .kif and .ki2 files use.</summary>
        ShiftJis = 2,
    }

    /// <summary>The result of a recorded game (SHOGI_RESULT_*).</summary>
    public enum RecordResult
    {
        /// <summary>Unfinished, interrupted or unknown.</summary>
        None = 0,
        /// <summary>Black (sente) won.</summary>
        BlackWin = 1,
        /// <summary>White (gote) won.</summary>
        WhiteWin = 2,
        /// <summary>A draw.</summary>
        Draw = 3,
    }

    /// <summary>How a recorded game ended (SHOGI_END_*); "side to move" is
    /// the side to move at the end.</summary>
    public enum GameEnd
    {
        /// <summary>No ending recorded.</summary>
        None = 0,
        /// <summary>%TORYO: the side to move resigned.</summary>
        Resign = 1,
        /// <summary>%CHUDAN (中断): the game was interrupted.</summary>
        Interrupt = 2,
        /// <summary>%SENNICHITE: draw.</summary>
        Repetition = 3,
        /// <summary>%JISHOGI: draw.</summary>
        Impasse = 4,
        /// <summary>%MAX_MOVES: a draw at the move limit.</summary>
        MaxMoves = 5,
        /// <summary>%TIME_UP: the side to move loses.</summary>
        TimeUp = 6,
        /// <summary>%ILLEGAL_MOVE: the side to move loses.</summary>
        IllegalMove = 7,
        /// <summary>The side to move wins by the opponent's foul.</summary>
        IllegalWin = 8,
        /// <summary>%+ILLEGAL_ACTION: White wins.</summary>
        IllegalBlack = 9,
        /// <summary>%-ILLEGAL_ACTION: Black wins.</summary>
        IllegalWhite = 10,
        /// <summary>%KACHI: the side to move wins by declaration.</summary>
        DeclareWin = 11,
        /// <summary>A draw by declaration.</summary>
        DeclareDraw = 12,
        /// <summary>%TSUMI: the side to move is mated.</summary>
        Mate = 13,
        /// <summary>%FUZUMI (不詰): no mate.</summary>
        NoMate = 14,
        /// <summary>%ERROR: the game ended in an error.</summary>
        Error = 15,
        /// <summary>不戦勝: the side to move wins by default.</summary>
        WinByDefault = 16,
        /// <summary>不戦敗: the side to move loses by default.</summary>
        LossByDefault = 17,
        /// <summary>An end word the reader does not know: no result (see <see cref="Record.Warnings"/>).</summary>
        Unknown = 18,
    }

    /// <summary>One game: headers, a start position and its moves (the main
    /// line; KIF/KI2 variations are kept and written back to KIF/KI2).
    /// Reading detects UTF-8 (with or without BOM) and Shift_JIS. Reading
    /// members may be used from several threads; SetHeader and SetEnd are
    /// mutations.</summary>
    public sealed partial class Record : IDisposable
    {
        private readonly RecordHandle handle;

        private Record(RecordHandle h)
        {
            handle = h;
        }

        /// <summary>The native handle, for calls the binding does not wrap.
        /// Never null; owned by this record (do not dispose it yourself).</summary>
        public RecordHandle Handle { get { return handle; } }

        /// <summary>Reads a record from the bytes of a file.</summary>
        /// <exception cref="ShogiParseException">bad input (the message names the line)</exception>
        public static Record Parse(byte[] data, RecordFormat format = RecordFormat.Auto)
        {
            RecordFormat read;
            return Parse(data, format, out read);
        }

        /// <summary>Reads a record; <paramref name="formatRead"/> receives the format found.</summary>
        public static Record Parse(byte[] data, RecordFormat format, out RecordFormat formatRead)
        {
            if (data == null)
                throw new ArgumentNullException("data");
            byte[] err = Errors.New();
            RecordHandle h;
            int f;
            int status = NativeMethods.shogi_record_parse(data, (UIntPtr)data.Length, (int)format, out h, out f, err);
            if (status != 0)
            {
                if (h != null)
                    h.Dispose();
                throw Errors.Create(status, err);
            }
            formatRead = (RecordFormat)f;
            return new Record(h);
        }

        /// <summary>Reads a record from text (given to the library as UTF-8).</summary>
        public static Record Parse(string text, RecordFormat format = RecordFormat.Auto)
        {
            RecordFormat read;
            return Parse(text, format, out read);
        }

        /// <summary>Reads a record from text; <paramref name="formatRead"/> receives the format found.</summary>
        public static Record Parse(string text, RecordFormat format, out RecordFormat formatRead)
        {
            if (text == null)
                throw new ArgumentNullException("text");
            byte[] z = Utf8.Encode(text, "text");
            byte[] data = new byte[z.Length - 1];
            Array.Copy(z, data, data.Length);
            return Parse(data, format, out formatRead);
        }

        /// <summary>Reads a record file (format Auto: from its contents; KIF and
        /// KI2 in UTF-8 or Shift_JIS). Never null; dispose it.</summary>
        /// <exception cref="ArgumentNullException">path is null</exception>
        /// <exception cref="FileNotFoundException">no file at path</exception>
        /// <exception cref="ShogiParseException">not a record of the format (the message names the line)</exception>
        /// <exception cref="IllegalMoveException">a move of the record is not legal</exception>
        public static Record Load(string path, RecordFormat format = RecordFormat.Auto)
        {
            if (path == null)
                throw new ArgumentNullException("path");
            return Parse(File.ReadAllBytes(path), format);
        }

        /// <summary>The history of a position as a record: its start is the
        /// position before the first move done on it.</summary>
        public static Record FromPosition(Position position)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] err = Errors.New();
            RecordHandle h;
            int status = NativeMethods.shogi_record_from_position(position.Handle, out h, err);
            if (status != 0)
            {
                if (h != null)
                    h.Dispose();
                throw Errors.Create(status, err);
            }
            return new Record(h);
        }

        /// <summary>Releases the native record.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        /// <summary>The record as file bytes in a format (not Auto) and encoding.
        /// CSA and USI hold the main line only.</summary>
        public byte[] Write(RecordFormat format, RecordEncoding encoding = RecordEncoding.Utf8)
        {
            return StringsOut.GetBytes((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                NativeMethods.shogi_record_write(handle, (int)format, (int)encoding, buf, cap, out needed, err), 0);
        }

        /// <summary>The record as text (UTF-8 without BOM, decoded).</summary>
        public string ToText(RecordFormat format)
        {
            byte[] bytes = Write(format, RecordEncoding.Utf8);
            return Utf8.Decode(bytes, 0, bytes.Length);
        }

        /// <summary>Writes the record to a file.</summary>
        public void Save(string path, RecordFormat format, RecordEncoding encoding = RecordEncoding.Utf8)
        {
            File.WriteAllBytes(path, Write(format, encoding));
        }

        /// <summary>The SFEN of the start position.</summary>
        public string StartSfen
        {
            get
            {
                return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                    NativeMethods.shogi_record_start_sfen(handle, buf, cap, out needed, err), 160);
            }
        }

        /// <summary>The moves of the main line, first to last: a new array on
        /// every get (never null; empty for a record without moves).</summary>
        public Move[] Moves
        {
            get
            {
                byte[] err = Errors.New();
                UIntPtr count;
                Errors.Check(NativeMethods.shogi_record_moves(handle, null, UIntPtr.Zero, out count, err), err);
                uint[] raw = new uint[(int)count.ToUInt64()];
                Errors.Check(NativeMethods.shogi_record_moves(handle, raw, (UIntPtr)raw.Length, out count, err), err);
                var moves = new Move[raw.Length];
                for (int i = 0; i < raw.Length; i++)
                    moves[i] = new Move(raw[i]);
                return moves;
            }
        }

        /// <summary>A new position after the first <paramref name="ply"/>
        /// moves of the main line (with those moves in its history): ply
        /// counts moves played, 0 is the start position and
        /// <see cref="Moves"/>.Length the final one. Its
        /// <see cref="Position.MoveNumber"/> (the SFEN move number) is the
        /// start's plus ply.</summary>
        /// <param name="ply">moves played from the start, 0 .. Moves.Length</param>
        /// <returns>a new position (dispose it)</returns>
        /// <exception cref="ShogiArgumentException">beyond the main line</exception>
        public Position PositionAt(int ply)
        {
            if (ply < 0)
                throw new ArgumentOutOfRangeException("ply");
            byte[] err = Errors.New();
            PositionHandle h;
            int status = NativeMethods.shogi_record_position(handle, (UIntPtr)(uint)ply, out h, err);
            return Position.FromHandle(status, h, err);
        }

        /// <summary>The position at the end of the main line.</summary>
        public Position FinalPosition()
        {
            return PositionAt(Moves.Length);
        }

        /// <summary>The result the record's ending gives.</summary>
        public RecordResult Result
        {
            get
            {
                byte[] err = Errors.New();
                int result, end;
                Errors.Check(NativeMethods.shogi_record_result(handle, out result, out end, err), err);
                return (RecordResult)result;
            }
        }

        /// <summary>How the main line ends; setting it (None removes it)
        /// takes the side to move from the final position.</summary>
        public GameEnd End
        {
            get
            {
                byte[] err = Errors.New();
                int result, end;
                Errors.Check(NativeMethods.shogi_record_result(handle, out result, out end, err), err);
                return (GameEnd)end;
            }
            set
            {
                byte[] err = Errors.New();
                Errors.Check(NativeMethods.shogi_record_set_end(handle, (int)value, err), err);
            }
        }

        /// <summary>A header value: never null, "" if absent. Keys: "black", "white",
        /// "handicap", "Event", "Site", "StartTime", ... or any key as written.</summary>
        /// <exception cref="ArgumentNullException">key is null</exception>
        public string GetHeader(string key)
        {
            byte[] k = Utf8.Encode(key, "key");
            return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                NativeMethods.shogi_record_header(handle, k, buf, cap, out needed, err), 128);
        }

        /// <summary>Sets a header value (written by KIF, KI2, CSA and JKF).</summary>
        /// <exception cref="ArgumentNullException">key or value is null (use "" to clear)</exception>
        public void SetHeader(string key, string value)
        {
            byte[] k = Utf8.Encode(key, "key");
            byte[] v = Utf8.Encode(value, "value");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_record_set_header(handle, k, v, err), err);
        }

        /// <summary>Black's (sente's) player name: never null, "" when the
        /// record names none; setting null throws ArgumentNullException.</summary>
        public string Black
        {
            get { return GetHeader("black"); }
            set { SetHeader("black", value); }
        }

        /// <summary>White's (gote's) player name: never null, "" when the
        /// record names none; setting null throws ArgumentNullException.</summary>
        public string White
        {
            get { return GetHeader("white"); }
            set { SetHeader("white", value); }
        }
    }
}
