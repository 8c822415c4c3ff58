// P/Invoke declarations for include/shogi.h. Every declaration mirrors one C
// prototype; see the header for what each function does. Marshalling rules
// used throughout:
//   - handles in are SafeHandle subclasses (the marshaller keeps the handle
//     alive and un-freed for the duration of the call);
//   - strings in are NUL-terminated UTF-8 byte arrays (Utf8.Encode), never
//     the platform's default string marshalling (ANSI on Windows);
//   - strings and arrays out are caller buffers (byte[] / uint[]);
//   - size_t is UIntPtr;
//   - the error struct is a byte[Errors.StructSize] (int32 code + 256 bytes
//     of message), blittable, so it is pinned rather than copied.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        // "shogi" is shogi.dll on Windows; on Linux it resolves to
        // libshogi.so (Mono: LibShogi.dll.config dllmap or its own "lib"
        // prefix probing; .NET Core: the resolver in NativeLibraryLoader).
        internal const string Lib = "shogi";
        private const CallingConvention Cdecl = CallingConvention.Cdecl;

        static NativeMethods()
        {
            NativeLibraryLoader.Initialize();
        }

        // ---- Library ------------------------------------------------------

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern IntPtr shogi_version();

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern uint shogi_abi_version();

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern IntPtr shogi_status_name(int code);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern ulong shogi_live_handles();

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_selftest_panic(byte[] err);

        // ---- Moves ----------------------------------------------------------

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_move_to_usi(uint move, [Out] byte[] buf, UIntPtr cap,
                                                     out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern ushort shogi_move16_to_hcpe(ushort move16);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern ushort shogi_hcpe_to_move16(ushort hcpeMove16);

        // ---- Position -------------------------------------------------------

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_new(out PositionHandle pos, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_from_sfen(byte[] sfen, out PositionHandle pos, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_from_sfen_ex(byte[] sfen, uint flags, out PositionHandle pos,
                                                               byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_from_handicap(byte[] name, out PositionHandle pos, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_clone(PositionHandle pos, out PositionHandle copy, byte[] err);

        // Takes the raw value: it is called from PositionHandle.ReleaseHandle.
        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_free(IntPtr pos, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_set_sfen(PositionHandle pos, byte[] sfen, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_sfen(PositionHandle pos, [Out] byte[] buf, UIntPtr cap,
                                                       out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_side_to_move(PositionHandle pos, out int color, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_ply(PositionHandle pos, out int ply, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_key(PositionHandle pos, out ulong key, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_in_check(PositionHandle pos, out int inCheck, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_legal_moves(PositionHandle pos, [Out] uint[] moves, UIntPtr cap,
                                                              out UIntPtr count, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_is_legal(PositionHandle pos, uint move, out int legal, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_move_from_usi(PositionHandle pos, byte[] usi, out uint move,
                                                                byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_move_from_move16(PositionHandle pos, ushort move16, int hcpe,
                                                                   out uint move, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_do_move(PositionHandle pos, uint move, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_do_move_usi(PositionHandle pos, byte[] usi, out uint move,
                                                              byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_undo_move(PositionHandle pos, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_perft(PositionHandle pos, int depth, out ulong nodes, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_repetition(PositionHandle pos, out int state, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_game_result(PositionHandle pos, int maxMoves, out int result,
                                                              byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_declaration(PositionHandle pos, int rule, out int result,
                                                              out uint move, byte[] err);

        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern int shogi_position_mate1(PositionHandle pos, out uint move, byte[] err);
    }
}
